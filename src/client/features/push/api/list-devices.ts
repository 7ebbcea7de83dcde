import { queryOptions, useQuery } from "@tanstack/react-query";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { PushDeviceList } from "#domain/contracts/push.ts";

export const listDevices = () => api<PushDeviceList>("/api/push/devices");

export const devicesQuery = () => queryOptions({ queryKey: pushKeys.devices, queryFn: listDevices });

export const useDevices = () => useQuery(devicesQuery());
