// Row ids are 53-bit time-ordered numbers: exact as JavaScript numbers and as SQL bigints on both databases, so no
// layer has to juggle BigInt. On the wire they still travel as strings, as BladeX clients expect.
// Layout: milliseconds since 2024-01-01 (good until ~2059) × 4096 + a 12-bit counter that starts at a random value,
// so two instances writing in the same millisecond are very unlikely to meet.
const EPOCH = Date.UTC(2024, 0, 1);
let lastMs = 0;
let counter = 0;

export function nextId(): number {
  let ms = Date.now() - EPOCH;
  if (ms <= lastMs) {
    counter = (counter + 1) % 4096;
    if (counter === 0) ms = lastMs + 1;
    else ms = lastMs;
  } else {
    counter = Math.floor(Math.random() * 2048);
  }
  lastMs = ms;
  return ms * 4096 + counter;
}
