import { UnlinkScreen } from '../../features/alexa/components/unlink-screen.tsx';

export default UnlinkScreen;
