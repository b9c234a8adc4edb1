/**
 * Runs findDurations on the texts it is given, in a worker thread of its own
 * (tests/unit/step-durations.test.ts): a parser that hangs on hostile text
 * would block the test's own thread, where no timeout can stop it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { findDurations } from "../../app/lib/recipes/step-durations.ts";

parentPort?.postMessage((workerData as string[]).map((text) => findDurations(text).length));
