import { AppModal } from '../../../../components/AppModal';
import classes from './Trip.module.css';

/** A picture at full size (000 §2: clicking an activity's image). */
export default function ImageViewer({ image, onClose }: { image: { src: string; alt: string } | null; onClose: () => void }) {
  return (
    <AppModal opened={image !== null} onClose={onClose} title={image?.alt} size="auto" centered>
      {image && <img src={image.src} alt={image.alt} className={classes.fullImage} />}
    </AppModal>
  );
}
