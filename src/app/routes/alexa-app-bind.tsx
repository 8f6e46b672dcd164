import { AppBindScreen } from '../../features/alexa/components/app-bind-screen.tsx';

export default AppBindScreen;
