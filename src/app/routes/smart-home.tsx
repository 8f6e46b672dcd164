import { SmartHomeScreen } from '../../features/smart-home/components/smart-home-screen.tsx';

export default SmartHomeScreen;
