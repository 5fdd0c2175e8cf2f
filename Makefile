# keychain-lint: build, test, install.
#
#   make install                      # release build, installed as $(PREFIX)/bin/keychain-lint
#   make install PREFIX=$HOME/.local  # another prefix; DESTDIR=... stages a package's files
#   make uninstall                    # removes what install put there (same PREFIX and DESTDIR)
#   make build | test | release
#
# On Linux the binary links the Swift standard library and Foundation statically, so it runs on
# machines without a Swift toolchain. The release build goes to .build-release/, which
# Scripts/release.sh uses too.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build-release
BINDIR = $(DESTDIR)$(PREFIX)/bin

ifeq ($(shell uname -s),Linux)
STATIC := --static-swift-stdlib
else
STATIC :=
endif

BUILD_FLAGS = -c release --product keychain-lint $(STATIC) --scratch-path $(SCRATCH)

.PHONY: all build test install uninstall release check-prefix

all: build

build:
	$(SWIFT) build $(BUILD_FLAGS)

test:
	$(SWIFT) test

check-prefix:
	@case "$(PREFIX)" in /*) ;; *) echo "make: error: PREFIX must be an absolute path, not '$(PREFIX)'" >&2; exit 2 ;; esac

install: check-prefix build
	install -d "$(BINDIR)"
	install -s -m 0755 "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/keychain-lint" "$(BINDIR)/keychain-lint"
	@echo "installed $(BINDIR)/keychain-lint"

uninstall: check-prefix
	rm -f "$(BINDIR)/keychain-lint"

release:
	Scripts/release.sh
