#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the end-to-end tests (Playwright cannot download
# its own browser here). Installs it with apt-get when missing; otherwise says what to do.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Debian's Chromium at /usr/bin/chromium. Install it with: sudo apt-get install -y chromium" >&2
exit 1
