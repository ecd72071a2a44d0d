// Stops `npm start`, `npm test`, `npm run dev` and `npm run bench` with one plain paragraph when
// this Node.js is older than package.json's engines. CommonJS without recent syntax (no `?.`,
// `??` or imports) on purpose: any Node must load it and run it to the end, which the ES modules
// of the real scripts cannot promise (their imports are linked before any of their code runs).
'use strict';

function parseVersion(text) {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(String(text));
  return match ? [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)] : null;
}

function isOlder(version, minimum) {
  for (let i = 0; i < 3; i++) {
    if (version[i] !== minimum[i]) return version[i] < minimum[i];
  }
  return false;
}

/** The message for a too-old Node, or null when `version` meets `range` (">=22.12" style). */
function nodeProblem(version, range, command, execPath) {
  const minimum = parseVersion(range);
  const current = parseVersion(version);
  if (!minimum || !current || !isOlder(current, minimum)) return null;
  const wanted = minimum.slice(0, minimum[2] ? 3 : 2).join('.');
  const where = execPath ? ` (${execPath})` : '';
  return (
    `The SRM back office needs Node.js ${wanted} or later (Node.js 24 LTS recommended), ` +
    `but \`${command}\` ran on Node.js ${version}${where}. Install Node.js 24 from https://nodejs.org, ` +
    'or without root: `npm install --prefix ~/node24 node@24` and put ~/node24/node_modules/.bin ' +
    'first on PATH (`export PATH=~/node24/node_modules/.bin:$PATH`), then run the command again.'
  );
}

/** How the user typed the command, from npm's lifecycle event name. */
function commandName(lifecycleEvent) {
  if (lifecycleEvent === 'start' || lifecycleEvent === 'test') return `npm ${lifecycleEvent}`;
  return lifecycleEvent ? `npm run ${lifecycleEvent}` : 'node';
}

function main() {
  const range = require('../package.json').engines.node;
  const command = commandName(process.env.npm_lifecycle_event);
  const message = nodeProblem(process.version, range, command, process.execPath);
  if (message) {
    console.error(`\n${message}\n`);
    process.exit(1);
  }
}

module.exports = { nodeProblem, commandName };
if (require.main === module) main();
