// Preloaded (`node --import`) into a tool that must work offline (redocly lint in the OpenAPI test): every
// outgoing connection is refused on the spot and named on stderr, so a tool that tries to phone home fails
// the test instead of reaching the internet.
import net from 'node:net';
import tls from 'node:tls';

const refuse = (what) =>
  function () {
    process.stderr.write(
      `NETWORK ATTEMPT: ${what} ${JSON.stringify([...arguments].filter((a) => typeof a !== 'function')).slice(0, 200)}\n`,
    );
    throw new Error('This tool must run offline');
  };
net.Socket.prototype.connect = refuse('net.Socket.connect');
net.connect = net.createConnection = refuse('net.connect');
tls.connect = refuse('tls.connect');
globalThis.fetch = async (input) => refuse(`fetch ${String(input)}`)();
