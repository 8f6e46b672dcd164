import { StartUnlinkScreen } from '../../features/google-home/components/start-unlink-screen.tsx';

export default StartUnlinkScreen;
