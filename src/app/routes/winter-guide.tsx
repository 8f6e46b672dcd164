import { WinterGuideScreen } from '../../features/guides/components/winter-guide-screen.tsx';

export default WinterGuideScreen;
