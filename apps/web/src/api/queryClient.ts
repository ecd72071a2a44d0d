import { QueryClient } from '@tanstack/react-query';

/** The one React Query client; the session reset clears it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
