// The 404 illustration: an unplugged cable beside a dark light bulb, drawn in the theme colours.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export function NotFoundIllustration() {
  const theme = useTheme();
  const main = theme.palette.primary.main;
  const ink = theme.palette.text.primary;
  const soft = theme.palette.action.hover;
  return (
    <Box component="svg" viewBox="0 0 360 220" role="img" aria-hidden sx={{ width: '100%', maxWidth: 360, height: 'auto' }}>
      <ellipse cx="180" cy="200" rx="150" ry="10" fill={soft} />
      {/* socket */}
      <rect x="40" y="70" width="70" height="90" rx="12" fill="none" stroke={ink} strokeWidth="4" opacity="0.8" />
      <rect x="62" y="98" width="8" height="22" rx="3" fill={ink} opacity="0.8" />
      <rect x="80" y="98" width="8" height="22" rx="3" fill={ink} opacity="0.8" />
      <path d="M75 160 V196" stroke={ink} strokeWidth="4" opacity="0.5" />
      {/* plug and cable */}
      <path d="M150 112 h-16 M150 126 h-16" stroke={main} strokeWidth="6" strokeLinecap="round" />
      <rect x="150" y="98" width="34" height="42" rx="8" fill={main} />
      <path d="M184 119 C 220 119, 210 190, 250 190 S 300 150, 300 120" fill="none" stroke={main} strokeWidth="6" strokeLinecap="round" />
      {/* spark gap */}
      <path d="M118 96 l8 6 M114 119 h10 M118 142 l8 -6" stroke={main} strokeWidth="3" strokeLinecap="round" opacity="0.7" />
      {/* bulb */}
      <circle cx="300" cy="70" r="26" fill="none" stroke={ink} strokeWidth="4" opacity="0.8" />
      <path d="M288 96 h24 v14 h-24 z" fill={ink} opacity="0.8" />
      <path d="M292 64 l8 10 l8 -10" fill="none" stroke={ink} strokeWidth="3" opacity="0.5" />
      <text x="180" y="52" textAnchor="middle" fontSize="44" fontWeight="700" fill={main} fontFamily="Roboto, Arial, sans-serif">
        404
      </text>
    </Box>
  );
}
