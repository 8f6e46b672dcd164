import { TroubleshootingScreen } from '../../features/alexa/components/troubleshooting-screen.tsx';

export default TroubleshootingScreen;
