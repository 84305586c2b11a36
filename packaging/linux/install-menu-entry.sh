#!/bin/sh
# Put DeID Studio in this user's application menu: the .desktop entry (pointing at the
# executable beside this script) and the icon, under ~/.local/share.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps=${XDG_DATA_HOME:-$HOME/.local/share}/applications
icons=${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/scalable/apps
mkdir -p "$apps" "$icons"
sed "s|^Exec=.*|Exec=\"$here/deid-studio\"|" "$here/deid-studio.desktop" > "$apps/deid-studio.desktop"
cp "$here/deid-studio.svg" "$icons/deid-studio.svg"
echo "added DeID Studio to the menu ($apps/deid-studio.desktop)"
