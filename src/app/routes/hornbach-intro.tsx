import { HornbachIntroScreen } from '../../features/smart-home/components/hornbach-intro-screen.tsx';

export default HornbachIntroScreen;
