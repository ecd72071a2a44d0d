import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prints (Ctrl+P or the Print button). The tables then show every row, not
 * the page on screen: the state changes synchronously in `beforeprint` (flushSync), because the
 * browser lays the page out for print right after the event.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * While the component is shown, the print stylesheet (dataReport.css) leaves the shell out: the
 * side menu, the navbar and tags, so that only the report prints. A page kept in a hidden tab
 * (React's Activity) runs its effects' cleanup, so another page prints as it always did.
 */
export function usePrintOnlyReport(): void {
  useEffect(() => {
    shownReports += 1;
    document.documentElement.classList.add(PRINT_CLASS);
    return () => {
      shownReports -= 1;
      if (shownReports === 0) document.documentElement.classList.remove(PRINT_CLASS);
    };
  }, []);
}

const PRINT_CLASS = 'rpt-print-report';
/** Report pages shown (one leaving a tab as another comes may overlap for a moment). */
let shownReports = 0;
