import { HostMonitor } from '../system/monitor/host';
import { platformApi } from './api';

/** The host monitor: the machine, the Node process, the database, Redis and the server processes. */
export default function PlatformMonitor() {
  return <HostMonitor sample={platformApi.monitor} />;
}
