import { UnbindScreen } from '../../features/alexa/components/unbind-screen.tsx';

export default UnbindScreen;
