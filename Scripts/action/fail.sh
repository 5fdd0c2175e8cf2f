#!/usr/bin/env bash
# The last step of action.yml: fails the job when the scan found issues at or above fail-on
# (after the SARIF report was uploaded).
set -euo pipefail
echo "::error title=keychain-lint::findings at or above '${KL_FAIL_ON:-low}' (see the annotations and the code scanning alerts)"
exit 1
