// acp-client drives `wtagent acp` through the ACP TypeScript SDK, as an
// editor does, and prints what it sees as JSON lines for the Go test
// (compat/acp_test.go).
//
//   node acp-client.mjs run  WTAGENT ROOT [FLAG...]
//     a session and two prompts: the first's permission requests are
//     denied, then allowed once; the second's is cancelled with
//     session/cancel, as the editor's stop button does.
//   node acp-client.mjs load WTAGENT ROOT SESSION [FLAG...]
//     loads SESSION: its history replayed as updates.
// WTAGENT_ACP_MCP_SERVERS, when set, is the JSON of the mcpServers the new
// session gets (the editor's MCP servers).
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";

const [mode, bin, root, ...rest] = process.argv.slice(2);
const loadID = mode === "load" ? rest.shift() : undefined;
const agent = spawn(bin, ["acp", ...rest], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
const print = (o) => process.stdout.write(JSON.stringify(o) + "\n");

let answers = [];
let peer;
let sessionId;
const app = acp
  .client({ name: "wtagent-compat" })
  .onNotification(acp.methods.client.session.update, ({ params }) => {
    print({ kind: "update", update: params.update });
  })
  .onRequest(acp.methods.client.session.requestPermission, async ({ params }) => {
    const want = answers.shift() ?? "cancel";
    print({ kind: "ask", title: params.toolCall.title, options: params.options.map((o) => o.kind), answer: want });
    if (want === "cancel") {
      await peer.notify(acp.methods.agent.session.cancel, { sessionId });
      return { outcome: { outcome: "cancelled" } };
    }
    const option = params.options.find((o) => o.kind === want);
    return { outcome: { outcome: "selected", optionId: option.optionId } };
  });

const stream = acp.ndJsonStream(Writable.toWeb(agent.stdin), Readable.toWeb(agent.stdout));
await app.connectWith(stream, async (ctx) => {
  peer = ctx;
  const init = await ctx.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  print({ kind: "init", protocolVersion: init.protocolVersion, capabilities: init.agentCapabilities });
  if (mode === "load") {
    sessionId = loadID;
    await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: root, mcpServers: [] });
    print({ kind: "loaded" });
    return;
  }
  const mcpServers = JSON.parse(process.env.WTAGENT_ACP_MCP_SERVERS ?? "[]");
  ({ sessionId } = await ctx.request(acp.methods.agent.session.new, { cwd: root, mcpServers }));
  print({ kind: "session", sessionId });
  const prompt = async (text) => {
    const r = await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });
    print({ kind: "stop", stopReason: r.stopReason });
  };
  answers = ["reject_once", "allow_once"];
  await prompt("Write a greeting, then remove the database.");
  answers = ["cancel"];
  await prompt("Now remove the data file.");
});
agent.stdin.end();
await new Promise((resolve) => agent.on("exit", resolve));
