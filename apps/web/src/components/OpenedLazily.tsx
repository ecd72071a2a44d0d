import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

/**
 * A drawer or dialog whose code is fetched the first time it opens, then kept mounted so that it
 * closes with its animation and opens again at once: the first screen does not download it.
 */
export function OpenedLazily<P extends { open: boolean }>({
  component: Component,
  ...props
}: P & { component: LazyExoticComponent<ComponentType<P>> }) {
  const [wanted, setWanted] = useState(false);
  if (props.open && !wanted) setWanted(true);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Component {...(props as unknown as P)} />
    </Suspense>
  );
}
