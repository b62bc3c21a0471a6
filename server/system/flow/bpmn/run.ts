// Runs a process on bpmn-engine for one step and answers where it stands: the engine's whole state (kept in the
// instance's row, so any server continues it and a restart loses nothing), the user tasks it waits on, whether it
// ended, and when its next timer is due. Nothing stays in memory between steps: each step recovers the state,
// moves, and stops. Timers are the database's too: the engine's own clock never fires one; an instance whose timer
// is due is resumed by the timer pass (timers.ts), and the engine fires it.
import type { ITimers } from 'bpmn-elements';
import type { Engine } from 'bpmn-engine';
import { badRequest } from '../../../platform/http/envelope.js';
import { guardedElements, guardedExpressions, RunRefusal, refusingScripts } from './engine-guards.js';
import { readModel } from './model.js';

export type Variables = Record<string, unknown>;

export interface Step {
  state: string;
  /** The user tasks the process waits on now (element ids). */
  waiting: string[];
  ended: boolean;
  /** The elements the step went through, in order (for the diagram's path). */
  passed: string[];
  /** The process's variables now (the record's, and the forms' values added by each step). */
  variables: Variables;
  /** The timers still to come: the element (boundary event) and when it is due. */
  timers: { id: string; dueTime: Date }[];
}

interface Clock {
  now?: Date;
}

/**
 * A clock that records timers instead of running them. The engine fires a timer due already by itself when it
 * resumes the instance, so the timer pass only has to resume the instances whose next timer is due.
 */
function databaseClock(options: Clock) {
  const now = options.now ?? new Date();
  const timers: { id: string; dueTime: Date }[] = [];
  const clock = {
    register: (owner: { id?: string }) => ({
      setTimeout: (_callback: unknown, delay: number) => {
        const timer = { id: owner.id ?? '', dueTime: new Date(now.getTime() + Math.max(delay, 0)) };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => clock.clearTimeout(timer),
    }),
    setTimeout: (_callback: unknown, delay: number) => {
      const timer = { id: '', dueTime: new Date(now.getTime() + Math.max(delay, 0)) };
      timers.push(timer);
      return timer;
    },
    get executing() {
      return [...timers];
    },
    clearTimeout: (timer: unknown) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  // The engine reads only register, setTimeout and clearTimeout of its timers.
  return { clock: clock as unknown as ITimers, timers };
}

/** Lets the engine finish what the step started (it moves on message queues, a tick at a time). */
async function settle(engine: Engine): Promise<void> {
  for (let tick = 0; tick < 50; tick += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    if (engine.state !== 'running') return;
    const busy = engine.execution?.getPostponed().some((api) => !isWaiting(api.type) && !isTimer(api));
    if (!busy) return;
  }
}

const isWaiting = (type: string) => type === 'bpmn:UserTask';
const isTimer = (api: { type: string }) =>
  api.type === 'bpmn:BoundaryEvent' || api.type === 'bpmn:IntermediateCatchEvent';

function listenerOf(passed: string[]) {
  return {
    emit(event: string, api: { id: string; type: string }) {
      if (event === 'activity.end' && api.type !== 'bpmn:SequenceFlow') passed.push(api.id);
    },
  };
}

async function stepOf(engine: Engine, passed: string[], timers: Step['timers']): Promise<Step> {
  const running = engine.state === 'running';
  const state = await engine.getState();
  const waiting = running ? (engine.execution?.getPostponed() ?? []) : [];
  // Stopping clears the engine's timers: take them first.
  const variables = { ...(engine.execution?.environment ?? engine.environment).variables };
  const due = [...timers].sort((a, b) => a.dueTime.getTime() - b.dueTime.getTime());
  // An engine that ended has nothing to stop (stopping it would wait for ever).
  if (running) await engine.stop();
  return {
    state: JSON.stringify(state),
    waiting: waiting.filter((api) => isWaiting(api.type)).map((api) => api.id),
    ended: !running,
    passed,
    variables,
    timers: due,
  };
}

/** The engine loads with the first process moved, not with every start of the server. */
const engineClass = async () => (await import('bpmn-engine')).Engine;

/** What every engine is built with: the product's expressions and clock, and no way to run code (engine-guards.ts). */
const guarded = (clock: ITimers) => ({
  name: 'process',
  expressions: guardedExpressions,
  timers: clock,
  scripts: refusingScripts,
  elements: guardedElements,
});

/** The refusal that stopped the engine, wherever the engine kept it (thrown, or inside the error it emitted). */
function refusalIn(error: unknown): RunRefusal | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof RunRefusal) return cause;
    cause = (cause as { inner?: unknown }).inner;
  }
  return undefined;
}

/**
 * Moves the engine and answers a failure as the reason the process cannot go on: a refused model names what it
 * holds; anything else (a gateway whose exits all fail, say) asks for an administrator. Never taken for an end.
 */
async function guardedMove(engine: Engine, move: () => Promise<unknown>): Promise<void> {
  let failure: unknown;
  engine.on('error', (error: unknown) => {
    failure ??= error;
  });
  try {
    await move();
    await settle(engine);
  } catch (error) {
    failure ??= error;
  }
  if (failure === undefined && engine.state !== 'error') return;
  if (engine.state === 'running') await engine.stop();
  const refusal = refusalIn(failure);
  throw badRequest(refusal ? `流程不能运行: ${refusal.message}` : '流程无法继续, 请联系管理员');
}

/** Starts a process from its model with the record's variables, and runs it until it waits. */
export async function startRun(source: string, variables: Variables, options: Clock = {}): Promise<Step> {
  // A model is run only as the deploy check lets it be deployed, wherever its row came from.
  const { problems } = await readModel(source);
  if (problems.length) throw badRequest(`流程不能运行: ${problems.join('; ')}`);
  const Engine = await engineClass();
  const { clock, timers } = databaseClock(options);
  const passed: string[] = [];
  const engine = new Engine({ ...guarded(clock), source, variables });
  await guardedMove(engine, () => engine.execute({ listener: listenerOf(passed) }));
  return stepOf(engine, passed, timers);
}

/**
 * Resumes a process from its kept state and moves it: `done` completes that user task, with `values` (the form's)
 * added to the process's variables first so gateways after it decide on them.
 */
export async function resumeRun(
  state: string,
  move: { done?: string; values?: Variables },
  options: Clock = {},
): Promise<Step> {
  const Engine = await engineClass();
  const { clock, timers } = databaseClock(options);
  const passed: string[] = [];
  const engine = new Engine(guarded(clock));
  await guardedMove(engine, async () => {
    engine.recover(JSON.parse(state));
    const execution = await engine.resume({ listener: listenerOf(passed) });
    Object.assign(execution.environment.variables, move.values ?? {});
    await settle(engine);
    if (move.done && engine.state === 'running') execution.signal({ id: move.done });
  });
  return stepOf(engine, passed, timers);
}
