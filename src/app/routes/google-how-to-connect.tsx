import { HowToConnectScreen } from '../../features/google-home/components/how-to-connect-screen.tsx';

export default HowToConnectScreen;
