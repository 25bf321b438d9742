#!/bin/sh
# Add Krook to the current user's application menu (no root needed).
#
#   ./install-desktop-entry.sh                 # from the unzipped krook folder: uses ./krook
#   ./install-desktop-entry.sh --exec PATH     # point the entry at another krook executable
#   ./install-desktop-entry.sh --uninstall     # remove the entry and icon again
#
# Writes $XDG_DATA_HOME/applications/krook.desktop and the icon under $XDG_DATA_HOME/icons/hicolor
# ($XDG_DATA_HOME defaults to ~/.local/share). The entry holds the executable's absolute path, so run it
# again after moving the krook folder.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data_home=${XDG_DATA_HOME:-"$HOME/.local/share"}
apps="$data_home/applications"
icons="$data_home/icons/hicolor"
desktop="$apps/krook.desktop"
exec_path=""
uninstall=0

while [ $# -gt 0 ]; do
    case "$1" in
        --exec) exec_path=${2:?--exec needs a path}; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

refresh() {
    # Menus pick up changes on their own eventually; these make it immediate where the tools exist.
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q "$apps" || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true; fi
}

if [ "$uninstall" = 1 ]; then
    rm -f "$desktop" "$icons/scalable/apps/krook.svg" "$icons/256x256/apps/krook.png"
    rm -f "$data_home/krook/krook"
    refresh
    echo "Removed Krook from the application menu."
    exit 0
fi

if [ -z "$exec_path" ]; then
    exec_path="$here/krook"
fi
if [ ! -x "$exec_path" ]; then
    echo "No Krook executable at $exec_path (run this from the unzipped krook folder, or pass --exec)." >&2
    exit 1
fi
# An absolute, normalised path (no "./" or "../"): the entry must keep working from any folder.
exec_dir=$(cd "$(dirname "$exec_path")" && pwd -P)
exec_path="$exec_dir/$(basename "$exec_path")"

# The bundle keeps assets under _internal/; a source checkout keeps them in krook/assets.
icon_name=krook
for dir in "$(dirname "$exec_path")/_internal/krook/assets/icon" "$here/../../krook/assets/icon"; do
    if [ -f "$dir/krook.svg" ]; then
        mkdir -p "$icons/scalable/apps"
        cp "$dir/krook.svg" "$icons/scalable/apps/krook.svg"
        break
    elif [ -f "$dir/krook.png" ]; then
        mkdir -p "$icons/256x256/apps"
        cp "$dir/krook.png" "$icons/256x256/apps/krook.png"
        break
    fi
done

case "$exec_path" in
    *"
"*) echo "The path of the Krook executable holds a line break; move the krook folder and run this again." >&2
        exit 1 ;;
esac

link_dir="$data_home/krook"
launcher="$exec_path"
case "$exec_path" in
    *%*)
        # %% is the spec's way to write a %, but GLib (GNOME, gio) looks for the program before it reads
        # %% back, so it never finds it: the entry names a link to it, whose path has no %.
        mkdir -p "$link_dir"
        ln -sfn "$exec_path" "$link_dir/krook"
        launcher="$link_dir/krook" ;;
esac

mkdir -p "$apps"
# The Desktop Entry spec, "The Exec key": quote the path always, a backslash before " ` $ and \ inside
# the quotes; then the escape of string values (a backslash written \\) applies on top, so a literal $ is written
# \\$ and a literal backslash \\\\; a literal % is %% (field codes). TryExec= and Path= are plain strings:
# only the string escape.
quoted=$(printf '%s' "$launcher" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
as_string() { printf '%s' "$1" | sed 's/\\/\\\\/g'; }
try_exec=$(as_string "$launcher")
work_dir=$(as_string "$exec_dir")
cat > "$desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Krook
GenericName=Card Game
Comment=The Rook card game, with bots, hot-seat and LAN play
TryExec=$try_exec
Exec="$quoted"
Path=$work_dir
Icon=$icon_name
Terminal=false
Categories=Game;CardGame;
Keywords=rook;cards;trick;
StartupWMClass=krook
EOF
chmod 644 "$desktop"
refresh
echo "Added Krook to the application menu ($desktop)."
