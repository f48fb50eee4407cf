// A file server for the faults harness's own tests: `stream` sends the file as the contract asks (a read stream,
// backpressure from the socket), `buffer` reads all of it into memory for every request first, the fault the
// large-downloads check must catch. Usage: node file-server.mjs <stream|buffer> <file>; prints its port.
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';

const [mode, file] = process.argv.slice(2);
// Without arguments (node --test runs every file of a test directory) it does nothing.
if (file) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': statSync(file).size });
    if (mode === 'buffer') res.end(readFileSync(file));
    else createReadStream(file).pipe(res);
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  process.on('SIGTERM', () => process.exit(0));
}
