// Every script must run on Node 24: the `node` dev dependency puts it first on the scripts' PATH.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Plugboard needs Node 24 but this script ran on ${process.version}. Run it through npm (npm start, npm test) so that node_modules/.bin/node is used, or run npm ci first.`,
  );
  process.exit(1);
}
