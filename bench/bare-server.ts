/**
 * The baseline: a bare Node `http` server answering one fixed body, the least any server could do
 * for the same answer. `node bench/bare-server.ts <body file> <port> [content-type] [content-encoding]`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, type = 'application/json; charset=utf-8', encoding] = process.argv.slice(2);
const body = readFileSync(file!);
const headers: Record<string, string | number> = { 'content-type': type, 'content-length': body.length };
if (encoding) headers['content-encoding'] = encoding;
createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
