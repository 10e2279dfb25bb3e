// The bench's baseline: a bare node:http server in its own process, answering each path with
// fixed bytes and a Content-Type (what the app answered for it), and 404 otherwise.
// Started with fork(); receives { routes: { [path]: { body: base64, contentType } } } and answers
// { port } once listening.
import { createServer } from 'node:http';

process.once('message', ({ routes }) => {
  const answers = new Map(
    Object.entries(routes).map(([path, { body, contentType }]) => {
      const bytes = Buffer.from(body, 'base64');
      return [path, { bytes, headers: { 'content-type': contentType, 'content-length': String(bytes.length) } }];
    }),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, answer.headers).end(answer.bytes);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
});
