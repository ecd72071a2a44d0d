// The load generator's HTTP response parser: Node's own (llhttp, in C), behind the interface of
// http-parser-js that autocannon uses. autocannon parses with http-parser-js, which reads every
// header line in JavaScript: on a 2-core machine, with the server on one core and autocannon on
// the other, a quarter of autocannon's CPU went into the product's longer header block (its
// security set), so the product's rows measured the load generator rather than the server.
// `useNativeParser()` makes autocannon's `require('http-parser-js')` answer this class; call it
// before autocannon is first loaded (bench/load.mjs).
//
// autocannon also turns every body into a string for `verifyBody`: for nav's 16 KB answer that
// decoding cost the load generator more than the parse (31–43 against 24 µs per answer). Every
// answer the bench checks is the product's envelope, whose code comes first (`{"code":0,…`), so
// autocannon is handed each body's first BODY_KEPT bytes only; llhttp still reads every byte.

'use strict';
const Module = require('node:module');
const { HTTPParser: Native } = require('node:_http_common');

const kOnHeaders = 1;
const kOnHeadersComplete = 2;
const kOnBody = 3;
const kOnMessageComplete = 4;
/** Enough for the envelope's opening, `{"code":-123456,"msg":…`. */
const BODY_KEPT = 64;

class NativeResponseParser {
  static RESPONSE = 'RESPONSE';
  static REQUEST = 'REQUEST';
  static kOnHeaders = kOnHeaders;
  static kOnHeadersComplete = kOnHeadersComplete;
  static kOnBody = kOnBody;
  static kOnMessageComplete = kOnMessageComplete;

  constructor(kind) {
    if (kind !== NativeResponseParser.RESPONSE) throw new Error('only responses are parsed here');
    this.parser = new Native();
    this.reset();
  }

  /** A new parse (also after a malformed answer: llhttp refuses every later byte until then). */
  reset() {
    const parser = this.parser;
    parser.initialize(Native.RESPONSE, {}, 0, 0);
    // Past 32 header lines llhttp hands them over in parts through kOnHeaders, before the rest
    // arrives with kOnHeadersComplete (a trailer comes that way too, after the body).
    let partial = [];
    parser[Native.kOnHeaders] = (headers) => {
      partial = partial.concat(headers);
    };
    parser[Native.kOnHeadersComplete] = (
      versionMajor,
      versionMinor,
      headers,
      _method,
      _url,
      statusCode,
      statusMessage,
      upgrade,
      shouldKeepAlive,
    ) => {
      const all = partial.length ? partial.concat(headers ?? []) : (headers ?? []);
      partial = [];
      this[kOnHeadersComplete]({
        versionMajor,
        versionMinor,
        headers: all,
        statusCode,
        statusMessage,
        upgrade,
        shouldKeepAlive,
      });
      return 0;
    };
    let bodyKept = 0;
    parser[Native.kOnBody] = (chunk) => {
      const length = Math.min(chunk.length, BODY_KEPT - bodyKept);
      if (length <= 0) return;
      bodyKept += length;
      this[kOnBody](chunk, 0, length);
    };
    parser[Native.kOnMessageComplete] = () => {
      bodyKept = 0;
      partial = [];
      this[kOnMessageComplete]();
    };
  }

  execute(chunk) {
    const result = this.parser.execute(chunk);
    // autocannon keeps one parser per connection, across reconnections after a timeout.
    if (result instanceof Error) this.reset();
    return result;
  }

  finish() {
    return this.parser.finish();
  }

  close() {
    this.parser.close();
  }
}

/** From now on, `require('http-parser-js')` from autocannon answers NativeResponseParser. */
function useNativeParser() {
  const fromAutocannon = Module.createRequire(require.resolve('autocannon'));
  const file = fromAutocannon.resolve('http-parser-js');
  const module = new Module(file);
  module.filename = file;
  module.loaded = true;
  module.exports = { HTTPParser: NativeResponseParser };
  Module._cache[file] = module;
}

module.exports = { BODY_KEPT, NativeResponseParser, useNativeParser };
