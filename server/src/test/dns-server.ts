import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny DNS server on 127.0.0.1 (UDP, a free port) answering TXT queries from `zone` (name -> records):
 * a name in the zone answers its TXT records (none for other types: ENODATA), any other name NXDOMAIN
 * (ENOTFOUND). `server` is what DNS_SERVER takes ('127.0.0.1:<port>'); `zone` may change between queries.
 */
export async function startDnsServer(zone: Record<string, string[]>) {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, from) => {
    const { name, type, end } = readQuestion(msg);
    queries.push(name);
    const records = zone[name.toLowerCase()];
    const answers = records && type === 16 ? records : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (records ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts = [header, msg.subarray(12, end), ...answers.map(txtAnswer)];
    socket.send(Buffer.concat(parts), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    zone,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]! > 0) {
    labels.push(msg.toString('ascii', at + 1, at + 1 + msg[at]!));
    at += 1 + msg[at]!;
  }
  at += 1;
  return { name: labels.join('.'), type: msg.readUInt16BE(at), end: at + 4 };
}

/** One TXT answer naming the question (pointer 0xc00c), its text in strings of at most 255 bytes. */
function txtAnswer(text: string): Buffer {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([chunk.length]), chunk);
  }
  const rdata = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(16, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}
