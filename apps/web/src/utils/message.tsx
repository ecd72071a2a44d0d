import { App, message as staticMessage } from 'antd';
import { useEffect } from 'react';
import { toastContainer } from '../a11y/domFixes';

type MessageApi = ReturnType<typeof App.useApp>['message'];

// Only one toast shows at a time (docs/rules.md#errors): App.tsx configures the holder's maxCount, this the static one.
staticMessage.config({ maxCount: 1, getContainer: toastContainer });

let holder: MessageApi = staticMessage;

/** Replaces the toast implementation (the themed App holder at run time, a fake in tests). */
export function setMessageApi(api: MessageApi | null): void {
  holder = api ?? staticMessage;
}

/** Toasts usable outside React (request layer, stores). Durations in seconds, defaults of docs/rules.md#constants. */
export const toast = {
  error(content: string, duration = 3) {
    void holder.error(content, duration);
  },
  success(content: string, duration = 1.5) {
    void holder.success(content, duration);
  },
  info(content: string, duration = 3) {
    void holder.info(content, duration);
  },
  warning(content: string, duration = 3) {
    void holder.warning(content, duration);
  },
};

/** Mounted once under antd's <App>: routes toasts through the themed, localised holder. */
export function MessageBinder() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}
