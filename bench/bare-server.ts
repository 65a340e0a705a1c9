/**
 * The baseline: a bare Node `http` server answering one fixed JSON body, the least any server
 * could do for the same answer. `node bench/bare-server.ts <body.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const body = readFileSync(file!);
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
