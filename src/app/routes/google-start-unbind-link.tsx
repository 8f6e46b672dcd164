import { StartUnbindLinkScreen } from '../../features/google-home/components/start-unbind-link-screen.tsx';

export default StartUnbindLinkScreen;
