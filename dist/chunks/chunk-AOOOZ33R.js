#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/executors/delegated-tools-relay.ts
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
var TOOL_SOCKET_FILE = "tools.sock";
var TOOL_TOKEN_FILE = "token";
var TOOL_CONFIG_FILE = "mcp.json";
var MAX_HANDSHAKE_BYTES = 4096;
function readHandshakeLine(socket) {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onError);
    };
    const onData = (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(10);
      if (newline < 0) {
        if (buffered.length > MAX_HANDSHAKE_BYTES) {
          cleanup();
          reject(new Error("handshake line too long"));
        }
        return;
      }
      cleanup();
      socket.pause();
      const rest = buffered.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve(buffered.subarray(0, newline).toString("utf8"));
    };
    const onEnd = () => {
      cleanup();
      reject(new Error("the connection closed before the handshake"));
    };
    const onError = (error) => {
      cleanup();
      reject(error);
    };
    socket.on("data", onData);
    socket.on("end", onEnd);
    socket.on("error", onError);
  });
}
function relayToolSocket(options) {
  let token;
  try {
    token = readFileSync(join(options.dir, TOOL_TOKEN_FILE), "utf8").trim();
  } catch (error) {
    options.error(
      `truss: mcp serve --tools: cannot read the run's token in ${options.dir} (${error.code ?? "error"}); this command is started by a delegated run with [executor] tools = "truss", not by hand
`
    );
    return Promise.resolve(1);
  }
  return new Promise((resolve) => {
    const socket = connect(join(options.dir, TOOL_SOCKET_FILE));
    let relaying = false;
    let settled = false;
    const done = (code) => {
      if (settled) return;
      settled = true;
      options.input.unpipe(socket);
      resolve(code);
    };
    socket.on("error", (error) => {
      if (!relaying) {
        options.error(`truss: mcp serve --tools: cannot reach the run's tool server: ${error.message}
`);
      }
      done(relaying ? 0 : 1);
    });
    socket.on("close", () => done(relaying ? 0 : 1));
    socket.on("connect", async () => {
      const hello = { truss_tools: 1, session: options.sessionId, token };
      socket.write(`${JSON.stringify(hello)}
`);
      let reply;
      try {
        reply = JSON.parse(await readHandshakeLine(socket));
      } catch (error) {
        options.error(
          `truss: mcp serve --tools: no answer from the run's tool server (${error.message})
`
        );
        socket.destroy();
        return;
      }
      if (reply.truss_tools !== "ok") {
        const reason = "reason" in reply ? reply.reason : "no reason given";
        options.error(`truss: mcp serve --tools: the run refused the connection: ${reason}
`);
        socket.destroy();
        return;
      }
      relaying = true;
      socket.pipe(options.output);
      options.input.pipe(socket);
      socket.resume();
    });
  });
}

export {
  TOOL_SOCKET_FILE,
  TOOL_TOKEN_FILE,
  TOOL_CONFIG_FILE,
  readHandshakeLine,
  relayToolSocket
};
