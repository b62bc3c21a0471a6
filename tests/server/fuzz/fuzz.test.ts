// Every operation of the server's own OpenAPI document, fed generated bad input as the administrator: never a 500,
// always the envelope, a 400 in our own words, nothing stored from a refused request. A fixed seed keeps `npm test`
// repeatable and quick; FUZZ_RUNS=<n> runs n inputs per operation for a soak (FUZZ_SEED picks another seed).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASIC, RIDER, signIn, signInCustomer, startTestServer, type TestServer } from '../harness.js';
import { expectAnswered } from './envelope.js';
import { changedTables, type Fingerprint, fingerprintOf } from './fingerprint.js';
import { requestFor } from './inputs.js';
import { nameOf, type Operation, operationsOf } from './operations.js';

// Fewer on PostgreSQL, where the per-request fingerprint costs a round trip: the same code paths, in a third the time.
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_PG_URL ? 8 : 25));
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let server: TestServer;
let operations: Operation[];
let fingerprint: Fingerprint;
let token: string;
/** The customer app's calls take a customer's token, so their input is fuzzed as a customer. */
let customer: string;
let sent = 0;

beforeAll(async () => {
  server = await startTestServer();
  operations = await operationsOf(server);
  fingerprint = await fingerprintOf(server);
  token = await signIn(server);
  customer = (await signInCustomer(server, 'o-fuzz')).token;
});
afterAll(async () => {
  console.info(`fuzz: ${sent} requests over ${operations.length} operations, ${RUNS} inputs each, seed ${SEED}`);
  await server?.close();
});

/** Sign-out and password calls may end the administrator's session; a new one keeps the run going. */
async function keepSignedIn(): Promise<void> {
  const check = await server.app.inject({
    method: 'GET',
    url: '/api/blade-auth/oauth/user-info',
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
  });
  if (check.statusCode !== 200) token = await signIn(server);
}

it('answers every operation’s bad input without a 500, in the envelope, storing nothing it refused', async () => {
  expect(operations.length).toBeGreaterThan(100);
  for (const operation of operations) {
    const name = nameOf(operation);
    // What the last refusal of this operation left, proven unchanged by it: the next input starts from it, which
    // saves reading the tables again. An answer that may have written starts the next input from a fresh read.
    let unchanged: string | undefined;
    await fc.assert(
      fc.asyncProperty(requestFor(operation), async (input) => {
        const before = unchanged ?? (await fingerprint());
        unchanged = undefined;
        const asCustomer = operation.access === 'customer';
        const response = await server.app.inject({
          method: operation.method,
          url: input.path,
          query: input.query,
          headers: {
            authorization: asCustomer ? RIDER : BASIC,
            'blade-auth': `bearer ${asCustomer ? customer : token}`,
            ...(input.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(input.payload === undefined ? {} : { payload: input.payload }),
        });
        sent++;
        expectAnswered(name, response, operation.refusesWithData);
        if (response.statusCode >= 400) {
          const after = await fingerprint();
          expect(changedTables(before, after), `${name} stored part of a refusal`).toEqual([]);
          unchanged = after;
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    await keepSignedIn();
  }
  // A guard against a hang, not a speed goal: the run grows with every operation and slows on a loaded machine.
}, 600_000);
