import { useSyncExternalStore } from "react";
import { type DeviceList, readDeviceList, subscribeDeviceList } from "./device-list.ts";

/** The server and the hydrating render know no device: both see null, so their HTML agrees. */
const onServer = () => null;

/** The shopping list on this device, kept current across tabs; null until the page has hydrated. */
export function useDeviceList(): DeviceList | null {
  return useSyncExternalStore(subscribeDeviceList, readDeviceList, onServer);
}
