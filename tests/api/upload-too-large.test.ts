import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/attachments';
import { DISCARD_LIMITS } from '../../src/server/lib/discard-body';
import { samples } from './files';
import { bearer, createTestApp, type TestApp } from './harness';
import { type Person, person } from './leave-fixtures';

/**
 * An upload over the limit, sent over a real socket as a browser or a script sends it: the client must
 * read the 413 answer, not a connection reset (the server used to close the socket with the rest of
 * the body unread, and the client's kernel then dropped the answer it had not read yet).
 */
describe('an upload over 10 MiB over a real connection', () => {
  let t: TestApp;
  let me: Person;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    me = await person(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadUrl = async () => {
    const granted = await t.app.inject({
      method: 'GET',
      url: '/api/s3/upload-url',
      query: { fileName: 'scan.png', fileType: 'image/png' },
      headers: bearer(me.token),
    });
    expect(granted.statusCode).toBe(200);
    return `${origin}${granted.json().uploadUrl as string}`;
  };
  const elevenMiB = () => Buffer.concat([samples.png, Buffer.alloc(11 * 1024 * 1024 - samples.png.length)]);
  const refusal = {
    statusCode: 413,
    error: 'Payload Too Large',
    message: expect.stringMatching(/too large/i),
  };

  it('answers fetch with the 413, declared by Content-Length', async () => {
    expect(elevenMiB().length).toBeGreaterThan(ATTACHMENT_MAX_BYTES);
    const response = await fetch(await uploadUrl(), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: elevenMiB(),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(refusal);
  });

  /**
   * A client that reads the answer only once it has sent the whole body, as most HTTP libraries do
   * (and browsers on a slow link): before the fix its writes ended in EPIPE and it never saw the 413.
   */
  const sendThenRead = (url: string, body: Buffer, chunked: boolean) =>
    new Promise<{ head: string; body: string }>((resolve, reject) => {
      const { hostname, port, pathname, search } = new URL(url);
      const socket = connect(Number(port), hostname);
      socket.pause();
      socket.on('error', reject);
      const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
      socket.write(
        `PUT ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: image/png\r\n${framing}\r\n\r\n`,
      );
      let offset = 0;
      const writeMore = () => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + 64 * 1024);
          offset += piece.length;
          const framed = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          if (!socket.write(framed)) return void socket.once('drain', writeMore);
        }
        socket.write(chunked ? '0\r\n\r\n' : '', () => {
          let text = '';
          socket.setEncoding('utf8');
          socket.on('data', (data: string) => {
            text += data;
            const end = text.indexOf('\r\n\r\n');
            const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
            if (end >= 0 && text.length >= end + 4 + length) {
              socket.destroy();
              resolve({ head: text.slice(0, end), body: text.slice(end + 4) });
            }
          });
          socket.resume();
        });
      };
      writeMore();
    });

  for (const chunked of [false, true])
    it(`answers a client that reads after sending with the 413 (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const answer = await sendThenRead(await uploadUrl(), elevenMiB(), chunked);
      expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.body)).toEqual(refusal);
    });

  it('closes the connection of a body declared past what is worth reading, after the 413', async () => {
    const { hostname, port, pathname, search } = new URL(await uploadUrl());
    const socket = connect(Number(port), hostname);
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (data: string) => {
      text += data;
    });
    socket.write(
      `PUT ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: image/png\r\ncontent-length: ${DISCARD_LIMITS.bytes + 1}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/connection: close/i);
  });

  it('still uploads a file within the limit on the same kind of connection', async () => {
    const answer = await sendThenRead(await uploadUrl(), samples.png, false);
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
  });
});
