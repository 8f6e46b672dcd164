import { AppLinkScreen } from '../../features/google-home/components/app-link-screen.tsx';

export default AppLinkScreen;
