import { IconButton, Input, InputGroup, type InputProps, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './line-icon';

/** A masked input with a show/hide toggle. Whether it is shown is presentation only, so it stays local. */
export function PasswordInput(props: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="xs"
          me="-2"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
          {/* Named by its text, not aria-label, so "Password" names only the field for label look-ups. */}
          <VisuallyHidden>{visible ? 'Hide password' : 'Show password'}</VisuallyHidden>
        </IconButton>
      }
    >
      <Input {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}
