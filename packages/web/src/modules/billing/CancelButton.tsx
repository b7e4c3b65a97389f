// The Cancel button of the billing forms. Pressing it must not first blur the field being typed in: the
// blur would validate that field, its message would push the button down, and the release of the mouse
// would land beside the button, so the first click did nothing. Keeping the focus on mouse-down avoids it.
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function CancelButton(props: Omit<ButtonProps, 'onMouseDown'>) {
  const { t } = useTranslation();
  return (
    <Button {...props} onMouseDown={(e) => e.preventDefault()}>
      {props.children ?? t('common.cancel')}
    </Button>
  );
}
