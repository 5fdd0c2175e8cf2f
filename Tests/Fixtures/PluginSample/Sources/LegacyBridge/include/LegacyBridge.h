#ifndef LEGACY_BRIDGE_H
#define LEGACY_BRIDGE_H

int legacy_bridge_version(void);

#endif
