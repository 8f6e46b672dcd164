import { AppBindScreen } from '../../features/google-home/components/app-bind-screen.tsx';

export default AppBindScreen;
