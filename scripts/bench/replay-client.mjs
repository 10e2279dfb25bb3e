// The bench's hostile client: replays one paid booking to POST /api/bookings as fast as it can,
// one request after another on one kept-alive connection, all from one address, in its own
// process (so its work does not slow the load generator measuring the pages). Started with
// fork(); receives { baseUrl, body, address }, replays until it receives 'stop', then answers
// { statuses: { [status]: count }, seconds } and exits.
import { Agent, request as httpRequest } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function replayOnce(baseUrl, payload, address) {
  return new Promise((resolve) => {
    const request = httpRequest(
      new URL('/api/bookings', baseUrl),
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-client-source': 'web', 'x-forwarded-for': address },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
        response.on('error', () => resolve('error'));
      },
    );
    request.on('error', () => resolve('error'));
    request.end(payload);
  });
}

process.once('message', async ({ baseUrl, body, address }) => {
  let running = true;
  process.once('message', () => (running = false));
  const payload = Buffer.from(JSON.stringify(body));
  const statuses = {};
  const started = performance.now();
  while (running) {
    const status = await replayOnce(baseUrl, payload, address);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  process.send({ statuses, seconds: (performance.now() - started) / 1000 }, () => {
    agent.destroy();
    process.exit(0);
  });
});
