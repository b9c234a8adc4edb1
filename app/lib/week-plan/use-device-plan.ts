import { useSyncExternalStore } from "react";
import { type DevicePlan, readDevicePlan, subscribeDevicePlan } from "./device-plan.ts";

/** The server and the hydrating render know no device: both see null, so their HTML agrees. */
const onServer = () => null;

/** The week plan on this device, kept current across tabs; null until the page has hydrated. */
export function useDevicePlan(): DevicePlan | null {
  return useSyncExternalStore(subscribeDevicePlan, readDevicePlan, onServer);
}
