import { HealthPingScreen } from '../../features/health/components/health-ping-screen.tsx';

export default HealthPingScreen;
