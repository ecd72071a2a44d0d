import { parseConfigItems } from '@srm/contracts/core';
import { useMemo } from 'react';
import { useCacheStore } from '../store/cache';

/** The tenant's upload limit in MB (system settings → upload; the server checks it again). */
export function useUploadMaxMb(): number {
  const items = useCacheStore((s) => s.sysConfig);
  return useMemo(() => parseConfigItems(items).upload.uploadMaxMb, [items]);
}
