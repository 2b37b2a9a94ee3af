// The form post to the buyer's bank (3-D Secure), sent at once; without script the buyer presses its button.
document.getElementById('challenge').submit();
