import { useSearchParams } from 'react-router';

/**
 * A list page's open record in its address (`?id=`): a message's link opens it, closing takes the
 * id away; the other search parameters stay, and the history is not lengthened.
 */
export function useOpenId(): [string | null, (id: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );
  return [searchParams.get('id'), open];
}
