import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

/**
 * A Mantine Anchor that is a router link with the router's types: `to`, `params` and `search` are checked
 * against the route tree (`<Anchor component={Link}>` loses them and needs casts).
 */
export const AnchorLink = createLink(
  forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>(function AnchorLink(props, ref) {
    return <Anchor component="a" ref={ref} {...props} />;
  }),
);
