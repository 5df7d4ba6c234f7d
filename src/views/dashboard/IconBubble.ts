import styled from 'styled-components';
import { TintedMark } from '../ui/TintedMark';

/** The icon of a dashboard figure or quick action. */
export const IconBubble = styled(TintedMark).attrs({ $size: 36, $radius: 'md' as const })``;
