# Sourced by .ci/run: the tests run on Node.js 24 LTS. Where the machine's own Node is older (or
# missing), Node 24 is installed from the npm registry (the `node` package gives a working `node`
# binary) into a cache outside the work tree, and its bin goes first on PATH.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 24 ]; then
  echo "Machine Node: $(node -v 2>/dev/null || echo none), older than 24: the tests use Node 24 from the cache"
  node24_dir="${SRM_NODE24_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/srm-ci/node24}"
  if ! "$node24_dir/node_modules/.bin/node" -v 2>/dev/null | grep -q '^v24\.'; then
    npm install --prefix "$node24_dir" --no-audit --no-fund --loglevel=error node@24
  fi
  export PATH="$node24_dir/node_modules/.bin:$PATH"
  hash -r
  if [ "$(node_major)" -lt 24 ]; then
    echo "Could not put Node 24 first on PATH (from $node24_dir)" >&2
    exit 1
  fi
fi
echo "Tests run on Node $(node -v) ($(command -v node)), npm $(npm -v)"
