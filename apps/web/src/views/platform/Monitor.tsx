import MonitorPage from '../system/monitor/index';
import { platformApi, platformKeys } from './api';

/** The host monitor: the system screen's view over the platform's call. */
export default function PlatformMonitor() {
  return <MonitorPage sample={platformApi.monitor} queryKey={platformKeys.monitor} />;
}
