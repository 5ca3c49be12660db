/**
 * The agent loop against the local test model server (no delay):
 * - overhead: 200 turns of 2 tool rounds each, the loop vs. the same requests made with the bare
 *   openai client, median ratio ≤ 1.15;
 * - from the server's first byte to the first delta event: median ≤ 5 ms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { agentWorld } from '../test/helpers/agent.js';
import { median, report } from './report.js';

const TURNS = 200;

async function overhead(): Promise<void> {
  const w = await agentWorld();
  const timeTool = (id: string) => ({ toolCalls: [{ id, name: 'get_now', arguments: '{"format":"time"}' }] });
  // A built-in skill, so the figure is the loop's own work, not a process start.
  const { writeSkill } = await import('../test/helpers/temp.js');
  writeSkill(w.system, 'get_now', '---\ndescription: The time.\nrisk: low\nbuiltin: get_current_datetime\n---\n');
  w.registry.loadAll();
  // As an installed skill's: files changed in the last 3 s are read again at every call.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const script = (request: { body: { messages: { role: string }[] } }) => {
    const toolMessages = request.body.messages.filter((m) => m.role === 'tool').length;
    return toolMessages < 2 ? timeTool(`call_${toolMessages}`) : { content: 'It is late.' };
  };
  w.server.fallback(script);
  const client = new OpenAI({ baseURL: w.server.url, apiKey: 'k', maxRetries: 0 });
  // The bare side replays exactly the requests the loop made in its turn, with the bare client.
  const bare = async (bodies: ChatCompletionCreateParamsStreaming[]) => {
    for (const body of bodies) {
      const stream = await client.chat.completions.create(body);
      for await (const chunk of stream) void chunk;
    }
  };
  const lastTurn = () => w.server.requests.slice(-3).map((r) => r.body as ChatCompletionCreateParamsStreaming);
  const viaLoop: number[] = [];
  const viaBare: number[] = [];
  for (let i = 0; i < 20; i++) {
    await w.agent.send('time?');
    await bare(lastTurn());
  }
  for (let i = 0; i < TURNS; i++) {
    let t = performance.now();
    const turn = await w.agent.send('time?');
    viaLoop.push(performance.now() - t);
    if (turn.rounds !== 2 || turn.reply !== 'It is late.') throw new Error(`unexpected turn ${JSON.stringify(turn)}`);
    const bodies = lastTurn();
    t = performance.now();
    await bare(bodies);
    viaBare.push(performance.now() - t);
  }
  await w.shutdown();
  console.log(`  loop median ${median(viaLoop).toFixed(2)} ms per turn, bare client ${median(viaBare).toFixed(2)} ms`);
  report({
    name: 'agent loop overhead, 2 tool rounds per turn (median ratio)',
    value: median(viaLoop) / median(viaBare),
    unit: '×',
    target: 1.15,
  });
}

async function firstDelta(): Promise<void> {
  let firstByteAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: 'Hi' }), () => undefined);
      firstByteAt = performance.now();
      setTimeout(() => res.end(`${chunk({ content: '!' })}${chunk({}, 'stop')}data: [DONE]\n\n`), 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const times: number[] = [];
  let turnFirstDelta = 0;
  const w = await agentWorld({
    agent: {
      provider: () => ({
        baseUrl: url,
        model: 'm',
        apiKey: 'k',
        from: { baseUrl: 'env', model: 'env', apiKey: 'env' },
      }),
      onEvent: (e) => {
        if (e.type === 'delta' && turnFirstDelta === 0) turnFirstDelta = performance.now();
      },
    },
  });
  for (let i = 0; i < 120; i++) {
    turnFirstDelta = 0;
    await w.agent.send('hi');
    if (i >= 20) times.push(turnFirstDelta - firstByteAt);
  }
  await w.shutdown();
  server.closeAllConnections();
  server.close();
  report({ name: "server's first byte → first delta event (median)", value: median(times), unit: 'ms', target: 5 });
}

export default async function (): Promise<void> {
  await overhead();
  await firstDelta();
}
